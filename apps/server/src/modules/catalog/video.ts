/**
 * A product's film (issue 40) is read by its container, never its name or declared type: an MP4 (ISO base media file:
 * an 'ftyp' box of an MP4 brand, a 'moov' box describing at least one video track, and its media) or a WebM (an EBML
 * header whose DocType is "webm", then a Segment whose Tracks hold a video track). The file is kept as sent: this
 * machine has no transcoder (decision 056), so whatever is not one of those two, browser-playable, is refused.
 */
import type { ProductVideoType } from '@milli/contracts';

export class VideoRefused extends Error {}

const PLEASE = 'Please send an MP4 or WebM film.';

/** The brands of an 'ftyp' box that mean an MP4 a browser plays; QuickTime ('qt  ') and 3GP are not among them. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'av01', 'dash', 'M4V ', 'mmp4', 'msnv', 'cmfc', 'cmf2']);

/** The container of a film, or VideoRefused saying what is wrong, in words staff can act on. */
export function checkVideo(bytes: Buffer, label = 'The film'): ProductVideoType {
  if (bytes.length < 16) throw new VideoRefused(`${label} is empty or too short to be a film. ${PLEASE}`);
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) {
    checkWebm(bytes, label);
    return 'video/webm';
  }
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    checkMp4(bytes, label);
    return 'video/mp4';
  }
  throw new VideoRefused(`${label} is not an MP4 or WebM file. ${PLEASE}`);
}

// ---------------------------------------------------------------------------------------------
// MP4: boxes of [size (4 bytes), type (4 letters), body]; size 1 means a 64-bit size follows, 0 "to the end".

interface Box {
  type: string;
  start: number;
  body: number;
  end: number;
}

function boxes(bytes: Buffer, from: number, to: number, label: string): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at < to) {
    if (to - at < 8) throw new VideoRefused(`${label} ends in the middle of a box: the file seems cut short. Please send it again.`);
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) throw new VideoRefused(`${label} is damaged (a box at byte ${at} has no name). ${PLEASE}`);
    let body = at + 8;
    if (size === 1) {
      if (to - at < 16) throw new VideoRefused(`${label} ends in the middle of a box: the file seems cut short. Please send it again.`);
      size = Number(bytes.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) size = to - at;
    if (size < body - at || at + size > to)
      throw new VideoRefused(`${label} is cut short or damaged (its '${type}' box runs past the end). Please send it again.`);
    out.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return out;
}

function checkMp4(bytes: Buffer, label: string): void {
  const top = boxes(bytes, 0, bytes.length, label);
  const ftyp = top[0]!;
  const major = bytes.toString('latin1', ftyp.body, ftyp.body + 4);
  const compatible: string[] = [];
  for (let at = ftyp.body + 8; at + 4 <= ftyp.end; at += 4) compatible.push(bytes.toString('latin1', at, at + 4));
  if (major === 'qt  ') throw new VideoRefused(`${label} is a QuickTime (MOV) film, which not every browser plays. ${PLEASE}`);
  if (!MP4_BRANDS.has(major) && !compatible.some((b) => MP4_BRANDS.has(b))) {
    throw new VideoRefused(`${label} is an ISO media file of the '${major.trim()}' kind, not an MP4 a browser plays. ${PLEASE}`);
  }
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw new VideoRefused(`${label} has no description of its tracks (no 'moov' box): the file seems unfinished. Please export it again.`);
  if (!top.some((b) => b.type === 'mdat' || b.type === 'moof')) throw new VideoRefused(`${label} holds no pictures (no 'mdat' box). ${PLEASE}`);
  const handlers = boxes(bytes, moov.body, moov.end, label)
    .filter((b) => b.type === 'trak')
    .flatMap((trak) => boxes(bytes, trak.body, trak.end, label).filter((b) => b.type === 'mdia'))
    .flatMap((mdia) => boxes(bytes, mdia.body, mdia.end, label).filter((b) => b.type === 'hdlr'))
    // hdlr: version and flags (4), pre_defined (4), then the handler type.
    .map((hdlr) => (hdlr.end - hdlr.body >= 12 ? bytes.toString('latin1', hdlr.body + 8, hdlr.body + 12) : ''));
  if (!handlers.includes('vide')) throw new VideoRefused(`${label} has no video track${handlers.includes('soun') ? ' (only sound)' : ''}. ${PLEASE}`);
}

// ---------------------------------------------------------------------------------------------
// WebM: EBML elements of [id (1-4 bytes), size (1-8 byte variable-length integer), body].

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
/** A size whose bits are all ones: "unknown", as a live recorder writes the Segment and its Clusters. */
const UNKNOWN = -1;

interface Element {
  id: number;
  body: number;
  /** The end of the body, or the end of the parent when its size is unknown. */
  end: number;
}

function vint(bytes: Buffer, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { value: !keepMarker && allOnes ? UNKNOWN : value, length };
}

function element(bytes: Buffer, at: number, parentEnd: number, label: string): Element {
  const id = vint(bytes, at, true);
  const size = id && vint(bytes, at + id.length, false);
  if (!id || !size) throw new VideoRefused(`${label} is damaged (an unreadable element at byte ${at}). ${PLEASE}`);
  const body = at + id.length + size.length;
  const end = size.value === UNKNOWN ? parentEnd : body + size.value;
  if (end > parentEnd) throw new VideoRefused(`${label} is cut short or damaged (an element runs past the end). Please send it again.`);
  return { id: id.value, body, end };
}

function children(bytes: Buffer, parent: { body: number; end: number }, label: string, stopAt?: number): Element[] {
  const out: Element[] = [];
  for (let at = parent.body; at < parent.end;) {
    const e = element(bytes, at, parent.end, label);
    out.push(e);
    // An element of unknown size (a live recording's Cluster) runs to its parent's end: nothing after it is read.
    if (e.id === stopAt) break;
    at = e.end;
  }
  return out;
}

const uint = (bytes: Buffer, e: Element) => [...bytes.subarray(e.body, e.end)].reduce((v, b) => v * 256 + b, 0);

function checkWebm(bytes: Buffer, label: string): void {
  const header = element(bytes, 0, bytes.length, label);
  if (header.id !== EBML) throw new VideoRefused(`${label} is not a WebM file. ${PLEASE}`);
  const docType = children(bytes, header, label).find((e) => e.id === DOC_TYPE);
  const kind = docType ? bytes.toString('latin1', docType.body, docType.end).replace(/\0+$/, '') : '';
  if (kind !== 'webm') {
    throw new VideoRefused(`${label} is ${kind === 'matroska' ? 'a Matroska (MKV) film, which browsers do not all play' : 'not a WebM file'}. ${PLEASE}`);
  }
  if (header.end >= bytes.length) throw new VideoRefused(`${label} ends after its header: the file seems cut short. Please send it again.`);
  const segment = element(bytes, header.end, bytes.length, label);
  if (segment.id !== SEGMENT) throw new VideoRefused(`${label} has no content after its header. ${PLEASE}`);
  const tracks = children(bytes, segment, label, CLUSTER).find((e) => e.id === TRACKS);
  if (!tracks) throw new VideoRefused(`${label} lists no tracks before its pictures. ${PLEASE}`);
  const types = children(bytes, tracks, label)
    .filter((e) => e.id === TRACK_ENTRY)
    .map((entry) => children(bytes, entry, label).find((e) => e.id === TRACK_TYPE))
    .map((t) => (t ? uint(bytes, t) : 0));
  // TrackType 1 is video, 2 audio.
  if (!types.includes(1)) throw new VideoRefused(`${label} has no video track${types.includes(2) ? ' (only sound)' : ''}. ${PLEASE}`);
}
