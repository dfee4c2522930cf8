import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkVideo, VideoRefused } from './video.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** An ISO media box: size, type, body. */
function box(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(content.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
}
const text = (s: string) => Buffer.from(s, 'latin1');
const ftyp = (major: string, ...compatible: string[]) => box('ftyp', text(major), Buffer.alloc(4), ...compatible.map(text));
/** A moov with one track whose handler is `handler` ('vide' for video, 'soun' for sound). */
const moov = (handler: string) => box('moov', box('trak', box('mdia', box('hdlr', Buffer.alloc(8), text(handler), Buffer.alloc(12)))));
const mdat = box('mdat', Buffer.alloc(64, 7));

const refusal = (bytes: Buffer) => {
  try {
    checkVideo(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(VideoRefused);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('a product film is known by its container', () => {
  it('accepts a real WebM and a real MP4 (recorded by Chromium)', () => {
    expect(checkVideo(fixture('turn.webm'))).toBe('video/webm');
    expect(checkVideo(fixture('turn.mp4'))).toBe('video/mp4');
  });

  it('accepts an MP4 whose description comes after its media', () => {
    expect(checkVideo(Buffer.concat([ftyp('mp42', 'isom'), mdat, moov('vide')]))).toBe('video/mp4');
  });

  it('refuses Matroska, which is WebM’s parent but not what every browser plays', () => {
    expect(refusal(fixture('turn.mkv'))).toMatch(/Matroska \(MKV\)/);
  });

  it('refuses a QuickTime film, an ISO file of another brand, and one of sound only', () => {
    expect(refusal(Buffer.concat([ftyp('qt  '), moov('vide'), mdat]))).toMatch(/QuickTime \(MOV\)/);
    expect(refusal(Buffer.concat([ftyp('3gp4', '3gp4'), moov('vide'), mdat]))).toMatch(/'3gp4' kind/);
    expect(refusal(Buffer.concat([ftyp('M4A ', 'M4A '), moov('soun'), mdat]))).toMatch(/'M4A' kind/);
    expect(refusal(Buffer.concat([ftyp('isom'), moov('soun'), mdat]))).toMatch(/no video track \(only sound\)/);
  });

  it('refuses an MP4 with no moov or no media, and one cut short', () => {
    expect(refusal(Buffer.concat([ftyp('isom'), mdat]))).toMatch(/no 'moov' box/);
    expect(refusal(Buffer.concat([ftyp('isom'), moov('vide')]))).toMatch(/no 'mdat' box/);
    const real = fixture('turn.mp4');
    expect(refusal(real.subarray(0, real.length - 10))).toMatch(/cut short/);
    expect(refusal(fixture('turn.webm').subarray(0, 400))).toMatch(/cut short/);
  });

  it('refuses what is not a film at all, whatever it is called', () => {
    expect(refusal(text('<html><script>alert(1)</script></html>'))).toMatch(/not an MP4 or WebM file/);
    expect(refusal(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toMatch(/not an MP4 or WebM file/);
    expect(refusal(Buffer.alloc(4))).toMatch(/too short/);
    // A box with a size smaller than its own header would loop forever if believed.
    const bad = Buffer.concat([ftyp('isom'), Buffer.from([0, 0, 0, 4]), text('moov')]);
    expect(refusal(bad)).toMatch(/damaged|cut short/);
  });

  it('refuses a WebM of sound only', () => {
    const real = fixture('turn.webm');
    // The VP8 track's TrackType (0x83, length 1, value 1) made audio (2).
    const at = real.indexOf(Buffer.from([0x83, 0x81, 0x01]));
    expect(at).toBeGreaterThan(0);
    const sound = Buffer.from(real);
    sound[at + 2] = 2;
    expect(refusal(sound)).toMatch(/only sound/);
  });
});
