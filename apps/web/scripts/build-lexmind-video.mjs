/**
 * Builds the LexMind preview video shown in the 'next feature' dialog, and its Italian captions:
 *
 *   apps/web/public/media/lexmind-anteprima.webm   (~8 s, VP9 or VP8, 640×360)
 *   apps/web/public/media/lexmind-anteprima.it.vtt (WebVTT, the same three texts)
 *
 * A canvas animation is drawn in Chromium and recorded with MediaRecorder, so the video needs
 * no binary tool and no stock footage. Run it again after changing SCENES, and commit both files:
 *
 *   node apps/web/scripts/build-lexmind-video.mjs
 *
 * CHROMIUM_PATH overrides the browser (default /usr/bin/chromium). playwright-core comes from
 * the e2e workspace.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUTPUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/media');
const VIDEO_FILE = path.join(OUTPUT_DIR, 'lexmind-anteprima.webm');
const CAPTIONS_FILE = path.join(OUTPUT_DIR, 'lexmind-anteprima.it.vtt');

/** One caption per scene; the captions file is written from the same list. */
const SCENES = [
  { from: 0, to: 2.7, text: 'Descrivi il contratto che ti serve' },
  { from: 2.7, to: 5.4, text: 'LexMind scrive la prima bozza' },
  { from: 5.4, to: 8, text: 'Presto su LexPath' },
];
const DURATION_S = 8;
const WIDTH = 640;
const HEIGHT = 360;
/** About 230 KB for 8 s: the file stays well under the 400 KB budget. */
const BITS_PER_SECOND = 230_000;

/** Brand colours (apps/web/src/app/theme/tokens.ts). */
const COLOURS = { navy: '#1B2C4A', navyDark: '#0D1626', beige: '#F7F1E7', gold: '#C9B28A' };

function timestamp(seconds) {
  const whole = Math.floor(seconds);
  const millis = Math.round((seconds - whole) * 1000);
  const mm = String(Math.floor(whole / 60)).padStart(2, '0');
  const ss = String(whole % 60).padStart(2, '0');
  return `${mm}:${ss}.${String(millis).padStart(3, '0')}`;
}

function buildCaptions() {
  const cues = SCENES.map(
    (scene, index) =>
      `${index + 1}\n${timestamp(scene.from)} --> ${timestamp(scene.to)}\n${scene.text}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Reads an EBML variable-size integer at `offset`: its value and its length in bytes. */
function readVint(bytes, offset) {
  const first = bytes[offset];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  let value = first & (0xff >> length);
  for (let index = 1; index < length; index += 1) value = value * 256 + bytes[offset + index];
  return { value, length };
}

/**
 * MediaRecorder writes no Duration, so players show an endless stream without a scrubber.
 * Adds Segment > Info > Duration (milliseconds at the default 1 ms TimecodeScale). Chromium's
 * file has no SeekHead or Cues pointing at byte offsets, so growing Info shifts nothing that
 * matters; a file that has them is left as it is.
 */
function withDuration(video, durationMs) {
  const INFO_ID = Buffer.from([0x15, 0x49, 0xa9, 0x66]);
  const SEEK_HEAD_ID = Buffer.from([0x11, 0x4d, 0x9b, 0x74]);
  const infoAt = video.indexOf(INFO_ID);
  if (infoAt < 0 || video.includes(SEEK_HEAD_ID)) return video;
  const sizeAt = infoAt + INFO_ID.length;
  const size = readVint(video, sizeAt);
  const childrenAt = sizeAt + size.length;
  const children = video.subarray(childrenAt, childrenAt + size.value);
  const duration = Buffer.alloc(11);
  duration.set([0x44, 0x89, 0x88]);
  duration.writeDoubleBE(durationMs, 3);
  const newSize = Buffer.alloc(8);
  newSize.writeUInt8(0x01, 0);
  newSize.writeUIntBE(children.length + duration.length, 2, 6);
  return Buffer.concat([
    video.subarray(0, sizeAt),
    newSize,
    children,
    duration,
    video.subarray(childrenAt + size.value),
  ]);
}

/** Runs in the page: draws the animation on a canvas while MediaRecorder records it. */
async function recordInPage({ scenes, durationS, width, height, bitsPerSecond, colours }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const context = canvas.getContext('2d');
  const mimeType = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );
  const recorder = new MediaRecorder(canvas.captureStream(30), {
    mimeType,
    videoBitsPerSecond: bitsPerSecond,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };

  const ease = (t) => 1 - (1 - Math.min(Math.max(t, 0), 1)) ** 3;

  function draw(elapsed) {
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, colours.navy);
    gradient.addColorStop(1, colours.navyDark);
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);

    // A slowly turning ring of dots: the "mind" at work. Everything stays in the upper two
    // thirds, so the captions (bottom) never cover the drawn text.
    const dots = 12;
    for (let index = 0; index < dots; index += 1) {
      const angle = (index / dots) * Math.PI * 2 + elapsed * 0.8;
      const pulse = 0.5 + 0.5 * Math.sin(elapsed * 3 + index);
      context.globalAlpha = 0.25 + 0.6 * pulse;
      context.fillStyle = colours.gold;
      context.beginPath();
      context.arc(
        width / 2 + Math.cos(angle) * 62,
        100 + Math.sin(angle) * 62,
        4 + 3 * pulse,
        0,
        Math.PI * 2,
      );
      context.fill();
    }
    context.globalAlpha = 1;

    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillStyle = colours.beige;
    context.font = 'bold 44px sans-serif';
    context.fillText('LexMind', width / 2, 100);

    const scene = scenes.find((item) => elapsed >= item.from && elapsed < item.to) ?? scenes.at(-1);
    const appear = ease((elapsed - scene.from) / 0.6);
    const vanish = ease((scene.to - elapsed) / 0.4);
    context.globalAlpha = Math.min(appear, scene === scenes.at(-1) ? 1 : vanish);
    context.fillStyle = colours.beige;
    context.font = '28px sans-serif';
    context.fillText(scene.text, width / 2, 205 + (1 - appear) * 16);
    context.globalAlpha = 1;

    // Progress line along the bottom.
    context.fillStyle = colours.gold;
    context.fillRect(0, height - 6, (width * Math.min(elapsed, durationS)) / durationS, 6);
  }

  draw(0);
  const stopped = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  recorder.start(250);
  const start = performance.now();
  await new Promise((resolve) => {
    function frame(now) {
      const elapsed = (now - start) / 1000;
      draw(elapsed);
      if (elapsed < durationS) requestAnimationFrame(frame);
      else resolve();
    }
    requestAnimationFrame(frame);
  });
  recorder.stop();
  await stopped;

  const blob = new Blob(chunks, { type: mimeType });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return { mimeType, base64: btoa(binary), durationMs: performance.now() - start };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  const { mimeType, base64, durationMs } = await page.evaluate(recordInPage, {
    scenes: SCENES,
    durationS: DURATION_S,
    width: WIDTH,
    height: HEIGHT,
    bitsPerSecond: BITS_PER_SECOND,
    colours: COLOURS,
  });
  const video = withDuration(Buffer.from(base64, 'base64'), durationMs);
  await mkdir(OUTPUT_DIR, { recursive: true });
  await writeFile(VIDEO_FILE, video);
  await writeFile(CAPTIONS_FILE, buildCaptions());
  console.log(
    `${path.relative(process.cwd(), VIDEO_FILE)}: ${(video.length / 1024).toFixed(0)} KB, ${mimeType}`,
  );
  console.log(`${path.relative(process.cwd(), CAPTIONS_FILE)}: ${SCENES.length} cues`);
} finally {
  await browser.close();
}
