import { Box, CloseButton, chakra, Drawer, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import {
  FILTER_GUIDE,
  type GuideEntry,
  TAG_GUIDE,
  TYPE_GUIDE,
} from '@lexpath/shared/template-guide';
import { Button } from '../../../components/ui/button.tsx';

const texts = it.templateGuide;
const typeNames = it.web.questionEditor.types;

/** One entry: its name (a tag, a filter, a type), what it does, an example and what it prints. */
function GuideItem({ name, entry }: { name: string; entry: GuideEntry }) {
  return (
    <chakra.li listStyleType="none" borderTopWidth="1px" borderColor="beige.300" py="8">
      <Text fontWeight="semibold" color="navy.800" overflowWrap="anywhere">
        {name}
      </Text>
      <Text color="navy.800">{entry.description}</Text>
      <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="8" mt="4">
        <chakra.dt color="navy.700">{texts.example}</chakra.dt>
        <chakra.dd m="0" minW="0">
          <chakra.code overflowWrap="anywhere">{entry.example}</chakra.code>
        </chakra.dd>
        <chakra.dt color="navy.700">{texts.result}</chakra.dt>
        <chakra.dd m="0" minW="0" overflowWrap="anywhere">
          {entry.result}
        </chakra.dd>
      </chakra.dl>
    </chakra.li>
  );
}

/** A section of the guide: a heading, then its entries as a list a screen reader can count. */
function GuideSection({
  heading,
  intro,
  items,
}: {
  heading: string;
  intro?: string;
  items: ReadonlyArray<[string, GuideEntry]>;
}) {
  return (
    <Box as="section">
      <Heading as="h3" textStyle="md" color="navy.800" mb="4">
        {heading}
      </Heading>
      {intro ? (
        <Text color="navy.700" mb="4">
          {intro}
        </Text>
      ) : null}
      <chakra.ul m="0" p="0">
        {items.map(([name, entry]) => (
          <GuideItem key={name} name={name} entry={entry} />
        ))}
      </chakra.ul>
    </Box>
  );
}

/**
 * «Guida ai tag»: a button opening a drawer with every tag form, filter and question type, read
 * from the shared registry the server's test keeps in step with the renderer.
 */
export function TemplateGuide() {
  return (
    <Drawer.Root size={{ base: 'full', md: 'md' }}>
      <Drawer.Trigger asChild>
        <Button variant="secondary" size="sm">
          {texts.button}
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          {/* White like the app's dialogs: the drawer recipe's own panel colour is the theme's
              dark default, on which the guide's navy text has no contrast. */}
          <Drawer.Content bg="white" color="navy.800">
            <Drawer.Header>
              <Drawer.Title color="navy.800">{texts.title}</Drawer.Title>
            </Drawer.Header>
            {/* A long list that scrolls: reachable with Tab, so the keyboard can scroll it. */}
            <Drawer.Body tabIndex={0}>
              <Stack gap="16">
                <Text color="navy.800">{texts.intro}</Text>
                <GuideSection
                  heading={texts.tagsHeading}
                  items={TAG_GUIDE.map((entry) => [entry.form, entry])}
                />
                <GuideSection
                  heading={texts.filtersHeading}
                  intro={texts.filtersIntro}
                  items={Object.entries(FILTER_GUIDE)}
                />
                <GuideSection
                  heading={texts.typesHeading}
                  items={Object.entries(TYPE_GUIDE).map(([type, entry]) => [
                    `${typeNames[type as keyof typeof typeNames] ?? type} (${type})`,
                    entry,
                  ])}
                />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={texts.close} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
