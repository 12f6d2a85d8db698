/**
 * Makes the committed files in db/seed/assets/: the two reel videos and the
 * words of the slider banners. Run by a developer when the drawings change
 * (`node db/seed/make-assets.ts`); it needs ffmpeg with libx264 and libvpx-vp9
 * and the DejaVu fonts. Seeding itself needs neither: it copies these files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { BANNERS, bannerTextSvg, reelFrame } from './art/scenes.ts';
import { ASSETS_DIR, inParallel, renderScene } from './media.ts';

const FPS = 24;
const SECONDS = 4;

async function writeBannerWords(): Promise<void> {
  for (const [i, banner] of BANNERS.entries()) {
    const file = path.join(ASSETS_DIR, `banner-text-${i + 1}.png`);
    // A palette PNG keeps the anti-aliased edges and stays a few kilobytes.
    writeFileSync(file, await sharp(Buffer.from(bannerTextSvg(banner))).png({ palette: true, quality: 90, effort: 10 }).toBuffer());
    console.log(`${path.basename(file)}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
  }
}

async function writeReel(reel: 'ring' | 'jhumka', output: string): Promise<void> {
  const frames = mkdtempSync(path.join(tmpdir(), `reel-${reel}-`));
  try {
    const count = FPS * SECONDS;
    await inParallel(
      Array.from({ length: count }, (_, i) => async () => {
        const frame = await (await renderScene(reelFrame(reel, i / count))).png({ compressionLevel: 1 }).toBuffer();
        writeFileSync(path.join(frames, `frame-${String(i).padStart(3, '0')}.png`), frame);
      }),
    );
    const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(frames, 'frame-%03d.png')];
    const file = path.join(ASSETS_DIR, output);
    const codec = output.endsWith('.mp4')
      ? ['-c:v', 'libx264', '-preset', 'slow', '-crf', '23', '-pix_fmt', 'yuv420p', '-movflags', '+faststart']
      : ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '33', '-row-mt', '1', '-pix_fmt', 'yuv420p'];
    execFileSync('ffmpeg', [...input, ...codec, '-an', file], { stdio: 'inherit' });
    console.log(`${output}: ${(statSync(file).size / 1024).toFixed(1)} KB, ${count} frames at ${FPS} fps`);
  } finally {
    rmSync(frames, { recursive: true, force: true });
  }
}

await writeBannerWords();
await writeReel('ring', 'reel-1.mp4');
await writeReel('jhumka', 'reel-2.webm');
