import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { presentSteps, clampStep } from '@shared/present/steps';
import { diagramDescription, messagesByLine } from '@shared/describe-diagram';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { setToastsQuiet } from '@/components/ui/toast-store';
import { useDraftField, type DraftStore } from '@/diagram/draftStore';
import { Preview } from '@/features/preview/Preview';
import { PRESENT_COPY, PRESENT_TESTIDS } from './copy';
import { closePresent, usePresentState } from './presentState';
import { moveForGesture, moveForKey, stepAfter, type StepMove } from './stepInput';

/** A touch screen (its main pointer is a finger): the hint speaks of taps and swipes. */
const TOUCH_SCREEN =
  typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;

/**
 * Present mode: the open diagram full screen, revealed one message at a time. The drawing is
 * drawn once; each step only shows or hides what mermaid drew (see frame/present.ts).
 */
const PRESENT_DESCRIPTION_ID = 'present-description';

export function PresentView({
  store,
  stepInAddress = false,
}: {
  store: DraftStore;
  /** The address says the step shown (`?step=N`), so a copied link opens there (shared page). */
  stepInAddress?: boolean;
}) {
  const { open, start } = usePresentState();
  // Leaving the screen leaves the presentation: the next screen opens as itself.
  useEffect(() => closePresent, []);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && closePresent()}>
      {open && <Presenting store={store} start={start} stepInAddress={stepInAddress} />}
    </Dialog>
  );
}

/** Puts `?step=N` in the address (or takes it out), without a new history entry. */
function showStepInAddress(step: number | null) {
  const url = new URL(window.location.href);
  if (step === null) url.searchParams.delete('step');
  else url.searchParams.set('step', String(step));
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

function Presenting({
  store,
  start,
  stepInAddress,
}: {
  store: DraftStore;
  start: number;
  stepInAddress: boolean;
}) {
  const text = useDraftField(store, 'content');
  const title = useDraftField(store, 'title');
  const steps = useMemo(() => presentSteps(text), [text]);
  const count = steps.length;
  // What a screen reader hears with each step: the message's name, not only its number.
  const said = useMemo(() => messagesByLine(text), [text]);
  // The text's own accTitle (else its title) names the presentation; its accDescr describes it.
  const described = useMemo(() => diagramDescription(text, title), [text, title]);
  const [step, setStep] = useState(() => clampStep(start, count));
  const content = useRef<HTMLDivElement | null>(null);
  const pressed = useRef<{ x: number; y: number } | null>(null);
  // The text may lose messages while presented (a co-editor's change): stay within it.
  const shown = count === 0 ? null : Math.min(step, count - 1);
  useEffect(() => {
    if (stepInAddress) showStepInAddress(shown === null ? null : shown + 1);
  }, [stepInAddress, shown]);
  // No news while presenting: only a problem is told (an error toast).
  useEffect(() => {
    setToastsQuiet(true);
    return () => setToastsQuiet(false);
  }, []);
  // Leaving the presentation leaves the step out of the address.
  useEffect(() => () => void (stepInAddress && showStepInAddress(null)), [stepInAddress]);

  const move = (next: StepMove) => {
    if (next === 'leave') return closePresent();
    setStep((at) => stepAfter(next, Math.min(at, count - 1), count));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = moveForKey(event);
    // Escape is the dialog's own (it gives focus back to where it was).
    if (!next || next === 'leave') return;
    event.preventDefault();
    move(next);
  };

  const onPointerDown = (event: PointerEvent) => {
    // The main button or a finger; a right click opens the browser's menu, nothing more.
    if (event.button !== 0) return;
    pressed.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = pressed.current;
    pressed.current = null;
    if (!from) return;
    const next = moveForGesture(event.clientX - from.x, event.clientY - from.y);
    if (next) move(next);
  };

  const atFirst = shown === null || shown === 0;
  const atLast = shown === null || shown === count - 1;
  const percent = shown === null ? 100 : ((shown + 1) / count) * 100;
  return (
    <DialogContent
      ref={content}
      closeButton={false}
      aria-describedby={described.accDescr ? PRESENT_DESCRIPTION_ID : undefined}
      data-testid={PRESENT_TESTIDS.view}
      data-step={shown === null ? '' : shown + 1}
      data-steps={count}
      onKeyDown={onKeyDown}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        content.current?.focus();
      }}
      className="top-0 left-0 flex h-dvh w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-0 bg-background p-0 shadow-none outline-none"
    >
      <div className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-card px-2 sm:px-4">
        <DialogTitle className="min-w-0 flex-1 truncate text-base">
          <span className="sr-only">{PRESENT_COPY.titlePrefix} </span>
          {described.name ?? title}
        </DialogTitle>
        {described.accDescr && (
          <p id={PRESENT_DESCRIPTION_ID} className="sr-only">
            {described.accDescr}
          </p>
        )}
        <p
          aria-live="polite"
          aria-atomic="true"
          data-testid={PRESENT_TESTIDS.counter}
          className="shrink-0 text-sm font-medium tabular-nums"
        >
          {shown === null ? (
            <span className="text-muted-foreground">{PRESENT_COPY.noSteps}</span>
          ) : (
            <>
              <span className="sr-only">{PRESENT_COPY.stepLabel} </span>
              {PRESENT_COPY.counter(shown + 1, count)}
              <span className="sr-only" data-testid={PRESENT_TESTIDS.said}>
                {`: ${said.get(steps[shown]?.line ?? 0) ?? ''}`}
              </span>
            </>
          )}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="h-11 w-11 shrink-0"
          onClick={closePresent}
          aria-label={PRESENT_COPY.leave}
          data-testid={PRESENT_TESTIDS.leave}
        >
          <X className="h-5 w-5" aria-hidden />
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={PRESENT_COPY.progress}
        aria-valuemin={count === 0 ? 0 : 1}
        aria-valuemax={count}
        aria-valuenow={shown === null ? count : shown + 1}
        data-testid={PRESENT_TESTIDS.progress}
        className="h-1 shrink-0 bg-muted"
      >
        <div
          className="h-full bg-primary transition-[width] duration-200 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="relative min-h-0 flex-1">
        <Preview text={text} publish={false} present={{ step: shown }} name={title} />
        {/* Clicks, taps and swipes step; the drawing itself takes no input while presented. */}
        <div
          aria-hidden
          data-testid={PRESENT_TESTIDS.surface}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (pressed.current = null)}
          className="absolute inset-0 cursor-pointer touch-none select-none"
        />
      </div>
      <div className="flex shrink-0 items-center justify-between gap-3 border-t border-border bg-card px-2 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-4">
        <Button
          variant="outline"
          className="h-11 min-w-11"
          aria-disabled={atFirst}
          onClick={() => move('previous')}
          data-testid={PRESENT_TESTIDS.previous}
        >
          <ChevronLeft className="h-5 w-5" aria-hidden />
          <span className="max-sm:sr-only">{PRESENT_COPY.previous}</span>
        </Button>
        <p className="min-w-0 truncate text-center text-xs text-muted-foreground max-sm:hidden">
          {TOUCH_SCREEN ? PRESENT_COPY.hintTouch : PRESENT_COPY.hint}
        </p>
        <Button
          className="h-11 min-w-11"
          aria-disabled={atLast}
          onClick={() => move('next')}
          data-testid={PRESENT_TESTIDS.next}
        >
          <span className="max-sm:sr-only">{PRESENT_COPY.next}</span>
          <ChevronRight className="h-5 w-5" aria-hidden />
        </Button>
      </div>
    </DialogContent>
  );
}
