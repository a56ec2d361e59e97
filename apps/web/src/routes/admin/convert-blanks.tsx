import { BlankConversionScreen } from '../../features/templates/components/blank-conversion-screen.tsx';

export function ConvertBlanksRoute() {
  return <BlankConversionScreen />;
}
