import { useSyncExternalStore } from 'react';
import { TOAST } from '@shared/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// Spec §4/§9: at most one toast is visible; a new one replaces the current one.
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** While someone presents, only problems are told: news ("Auto-saved") would cover the slide. */
let quiet = false;

export function setToastsQuiet(on: boolean): void {
  quiet = on;
  if (!on) return;
  const problems = toasts.filter((item) => item.variant === 'destructive');
  if (problems.length === toasts.length) return;
  toasts = problems;
  emit();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  if (quiet && input.variant !== 'destructive') return id;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST.limit);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts now shown, newest first. */
export function currentToasts(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, currentToasts, currentToasts);
}
