import { driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import { tourDialogSelector } from '../../auth/index.ts';

export interface TourStepText {
  /** CSS selector of the element to point at; steps whose element is not on screen are skipped. */
  selector: string;
  title: string;
  description: string;
  /** Where the popover goes, beside the element rather than over it (driver.js moves it when it does not fit). */
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export interface TourText {
  next: string;
  previous: string;
  done: string;
  close: string;
  /** With {{current}} and {{total}}. */
  progress: string;
  steps: readonly TourStepText[];
}

const tourAttribute = tourDialogSelector.slice(1, -1);

function onScreen(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/**
 * Runs a guided tour with driver.js. `onEnd` runs once when it is finished or closed.
 * Returns a function that stops it (safe to call more than once).
 */
export function startTour(text: TourText, onEnd: () => void): () => void {
  const steps: DriveStep[] = text.steps
    .filter((step) => onScreen(document.querySelector(step.selector)))
    .map((step) => ({
      element: step.selector,
      popover: { title: step.title, description: step.description, ...(step.side && { side: step.side, align: 'start' as const }) },
    }));
  if (steps.length === 0) {
    onEnd();
    return () => undefined;
  }

  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const tour = driver({
    steps,
    showProgress: true,
    progressText: text.progress,
    nextBtnText: text.next,
    prevBtnText: text.previous,
    doneBtnText: text.done,
    popoverClass: 'charla-tour',
    overlayOpacity: 0.62,
    stagePadding: 6,
    stageRadius: 14,
    smoothScroll: true,
    allowClose: true,
    onPopoverRender: (popover) => {
      // Sign-out removes tour dialogs by this attribute.
      popover.wrapper.setAttribute(tourAttribute, '');
      popover.closeButton.setAttribute('aria-label', text.close);
      popover.closeButton.setAttribute('title', text.close);
      document.querySelector('.driver-overlay')?.setAttribute(tourAttribute, '');
    },
    // driver.js calls onDestroyed only once a step has finished its highlight (400 ms): a tour
    // closed (or its page left) sooner would end without `onEnd`. Every way out goes through here.
    onDestroyStarted: () => {
      tour.destroy();
      finish();
    },
    onDestroyed: finish,
  });
  tour.drive();

  return () => {
    if (tour.isActive()) tour.destroy();
    finish();
  };
}
