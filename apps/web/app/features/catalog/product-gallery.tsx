import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useLocation } from 'react-router';
import { catalogueRendition, catalogueSpinSrcSet, pictureInColour, type ProductDetail } from '@milli/contracts';
import { ProductPicture } from '../../components/media/product-picture.tsx';
import { CloseIcon } from '../../components/layout/icons.tsx';

/** ?view= of the product page: a view's number (1 is the first), 'spin' or 'video'. Without JavaScript the thumbnails are links to it. */
export const VIEW_PARAM = 'view';

type Slide = { kind: 'view'; index: number } | { kind: 'spin' } | { kind: 'video' };

function slideOf(param: string | null, views: number, spin: boolean, video: boolean): Slide {
  if (param === 'spin' && spin) return { kind: 'spin' };
  if (param === 'video' && video) return { kind: 'video' };
  const n = Number(param);
  return { kind: 'view', index: Number.isInteger(n) && n >= 1 && n <= views ? n - 1 : 0 };
}

const paramOf = (s: Slide) => (s.kind === 'view' ? String(s.index + 1) : s.kind);
const same = (a: Slide, b: Slide) => paramOf(a) === paramOf(b);

/** The stage's width in the layout: the srcset of a photographed turn's frames picks by it. */
const STAGE_SIZES = '(min-width: 992px) 640px, 100vw';

/** Degrees the piece turns for a pixel dragged: a swipe across the picture turns it about once. */
const DEGREES_PER_PIXEL = 1;

/**
 * The product page's pictures (issue 40): the chosen view large, thumbnails of every view, the 360° turn and the film.
 * Without JavaScript every thumbnail is a link to the page showing that view (?view=), the large picture links to its
 * full-size file, and the turn shows its first frame with a note. With it, thumbnails switch in place, the large
 * picture opens a zoom dialog (Escape closes it, focus returns), and the turn follows a drag or the arrow keys.
 * Every picture keeps its box (width and height), so nothing moves as they arrive.
 */
export function ProductGallery({ product, colour, placeholder }: { product: ProductDetail; colour: string | null; placeholder: string }) {
  const { search } = useLocation();
  const views =
    product.product_views.length > 0 ? product.product_views : [{ src: placeholder, view: null, alt: product.product_name, width: 640, height: 640 }];
  const spin = product.product_spin.map((src) => pictureInColour(src, colour));
  const video = product.product_video;
  const fromUrl = slideOf(new URLSearchParams(search).get(VIEW_PARAM), views.length, spin.length > 0, video !== null);
  const [chosen, setChosen] = useState<{ slide: Slide; from: string } | null>(null);
  // A link followed (another piece, the back button) starts from the address again.
  const slide = chosen && chosen.from === search ? chosen.slide : fromUrl;
  const inColour = colour ? ` in ${colour.toLowerCase()}` : '';
  const hrefOf = (s: Slide) => {
    const params = new URLSearchParams(search);
    params.set(VIEW_PARAM, paramOf(s));
    return `?${params.toString()}#gallery`;
  };
  const choose = (s: Slide) => setChosen({ slide: s, from: search });
  const zoom = useZoom();
  const shown = slide.kind === 'view' ? views[slide.index]! : null;
  const shownSrc = shown ? pictureInColour(shown.src, colour) : '';

  return (
    <div className="pd-media" id="gallery">
      <div className="pd-image pd-stage">
        {shown && (
          <a
            href={catalogueRendition(shownSrc, 1280)}
            className="pd-zoom-trigger"
            ref={zoom.triggerRef}
            aria-haspopup="dialog"
            aria-label={`Zoom: ${shown.alt}${inColour}`}
            onClick={(event) => {
              event.preventDefault();
              zoom.show();
            }}
          >
            <ProductPicture
              src={shownSrc}
              sizes={STAGE_SIZES}
              alt={`${shown.alt}${inColour}`}
              width={640}
              height={640}
              {...(slide.kind === 'view' && slide.index === 0 ? { fetchPriority: 'high' as const } : {})}
              decoding="async"
            />
            <span className="pd-zoom-hint" aria-hidden="true">
              Zoom
            </span>
          </a>
        )}
        {slide.kind === 'spin' && <Spin frames={spin} name={product.product_name} allFrames={hrefOf({ kind: 'view', index: Math.min(1, views.length - 1) })} />}
        {slide.kind === 'video' && video && (
          // Muted, with controls, never started on its own: the shopper presses play (preload none: no bytes until then).
          <video className="pd-video" controls muted playsInline preload="none" poster={pictureInColour(video.poster, colour)} width={640} height={640}>
            <source src={video.src} type={video.type} />
            <a href={video.src}>Download the film of {product.product_name}</a>
          </video>
        )}
      </div>
      <ul className="pd-thumbs" aria-label="Views of this piece">
        {views.map((v, i) => {
          const s: Slide = { kind: 'view', index: i };
          return (
            <li key={v.src}>
              <a
                href={hrefOf(s)}
                aria-current={same(s, slide) ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  choose(s);
                }}
              >
                <ProductPicture
                  src={pictureInColour(v.src, colour)}
                  sizes="80px"
                  alt={`Show ${v.alt}`}
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          );
        })}
        {spin.length > 0 && (
          <li>
            <a
              href={hrefOf({ kind: 'spin' })}
              className="pd-thumb-label"
              aria-current={slide.kind === 'spin' ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                choose({ kind: 'spin' });
              }}
            >
              <span aria-hidden="true">360°</span>
              <span className="visually-hidden">Turn {product.product_name} through 360°</span>
            </a>
          </li>
        )}
        {video && (
          <li>
            <a
              href={hrefOf({ kind: 'video' })}
              className="pd-thumb-label"
              aria-current={slide.kind === 'video' ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                choose({ kind: 'video' });
              }}
            >
              <span aria-hidden="true">▶ Video</span>
              <span className="visually-hidden">Watch the film of {product.product_name}</span>
            </a>
          </li>
        )}
      </ul>
      {shown && (
        <dialog ref={zoom.dialogRef} className="pd-zoom" aria-label={`${shown.alt}${inColour}, enlarged`} onClose={zoom.closed}>
          <button type="button" className="icon-button pd-zoom-close" onClick={zoom.hide} aria-label="Close the enlarged picture">
            <CloseIcon />
          </button>
          {zoom.open && <img src={catalogueRendition(shownSrc, 1280)} alt={`${shown.alt}${inColour}, enlarged`} width={1280} height={1280} decoding="async" />}
        </dialog>
      )}
    </div>
  );
}

/** The zoom: a modal dialog (the page behind inert), Escape or the close button shut it, focus goes back to the picture. */
function useZoom() {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  return {
    open,
    dialogRef,
    triggerRef,
    show() {
      setOpen(true);
      dialogRef.current?.showModal();
    },
    hide() {
      dialogRef.current?.close();
    },
    closed() {
      setOpen(false);
      triggerRef.current?.focus();
    },
  };
}

/**
 * The 360° turn: one frame shown at a time (the rest fetched only once the shopper turns it), a slider for assistive
 * technology and the keyboard (arrow keys, Home, End), and a drag with the mouse or a finger.
 */
function Spin({ frames, name, allFrames }: { frames: string[]; name: string; allFrames: string }) {
  const [frame, setFrame] = useState(0);
  const [touched, setTouched] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const count = frames.length;
  const step = 360 / count;
  const turnTo = (next: number) => {
    setTouched(true);
    setFrame(((next % count) + count) % count);
  };
  useEffect(() => {
    if (!touched) return;
    // Once turned, the other frames are fetched in the background, so the next ones are ready under the finger
    // (a photographed frame at the width the stage will ask for).
    for (const src of frames) {
      const image = new Image();
      const srcSet = catalogueSpinSrcSet(src);
      if (srcSet) {
        image.sizes = STAGE_SIZES;
        image.srcset = srcSet;
      }
      image.src = src;
    }
  }, [touched, frames]);
  const onKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 3, PageDown: -3 };
    if (event.key in moves) turnTo(frame + moves[event.key]!);
    else if (event.key === 'Home') turnTo(0);
    else if (event.key === 'End') turnTo(count - 1);
    else return;
    event.preventDefault();
  };
  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, frame };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    turnTo(drag.current.frame + Math.round(((event.clientX - drag.current.x) * DEGREES_PER_PIXEL) / step));
  };
  const angle = Math.round(frame * step);
  const srcSet = catalogueSpinSrcSet(frames[frame]!);
  return (
    <div className="pd-spin">
      <div
        className="pd-spin-frame"
        role="slider"
        tabIndex={0}
        aria-label={`Turn ${name}`}
        aria-valuemin={0}
        aria-valuemax={Math.round(360 - step)}
        aria-valuenow={angle}
        aria-valuetext={`Turned ${angle}°`}
        onKeyDown={onKey}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      >
        <img
          src={frames[frame]}
          {...(srcSet ? { srcSet, sizes: STAGE_SIZES } : {})}
          alt={`${name}, turned ${angle}°`}
          width={640}
          height={640}
          draggable={false}
          decoding="async"
        />
      </div>
      <p className="pd-spin-note">
        {hydrated
          ? 'Drag the picture or use the arrow keys to turn it.'
          : 'This is the piece from the front: with JavaScript on, drag it or use the arrow keys to turn it.'}{' '}
        {!hydrated && <a href={allFrames}>See it from the side</a>}
      </p>
    </div>
  );
}
