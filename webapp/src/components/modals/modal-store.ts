// Which modals are open (spec §2 "Modals": chosen by type; some full-screen). Any code opens
// one by type with its props, `openModal({ type: 'alert', props: { message } })`; the host
// (modal-host.tsx) renders them, newest on top, each closing on its close action or on a
// location change.
//
// The types and their props are declared in ModalRegistry; a feature adds its own modals by
// declaration merging (features/identity/modals.ts), and the app maps each type to its lazily
// loaded component (app/modals.tsx), so no modal's code is in the shell.
import { useSyncExternalStore } from 'react';

/** Every modal type and its props. Extended by features: `declare module '@/components/modals/modal-store'`. */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface can be merged into
export interface ModalRegistry {
  /** A message with 확인 (server messages, spec §8). */
  alert: { message: string };
  /** A question with 취소 and 확인; `onConfirm` runs on 확인. */
  confirm: { message: string; confirmLabel?: string; onConfirm: () => void };
}

export type ModalType = keyof ModalRegistry;

export type ModalRequest = {
  [T in ModalType]: {
    type: T;
    props: ModalRegistry[T];
    /** Called once when the modal goes away, whatever the reason (its close action, a new location). */
    onClose?: () => void;
  };
}[ModalType];

export type OpenModal = ModalRequest & {
  id: number;
  /** The history entry the modal was opened on: it closes when the page leaves it. */
  locationKey: string;
};

let modals: readonly OpenModal[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly OpenModal[]): void {
  const closed = modals.filter((modal) => !next.includes(modal));
  modals = next;
  for (const listener of listeners) listener();
  for (const modal of closed) modal.onClose?.();
}

/**
 * The key react-router keeps in the history entry. Read from the history itself, not from
 * the router's last render: a modal opened right after a navigation belongs to the new page
 * even though the router renders it (in a transition) a little later.
 */
function currentLocationKey(): string {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  const key = (state as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : 'default';
}

/** Opens a modal on top of the others; returns its id for closeModal. */
export function openModal(request: ModalRequest): number {
  const id = nextId++;
  set([...modals, { ...request, id, locationKey: currentLocationKey() }]);
  return id;
}

export function closeModal(id: number): void {
  if (modals.some((modal) => modal.id === id)) set(modals.filter((modal) => modal.id !== id));
}

/** Closes the newest modal; whether there was one (the app's back key closes it first). */
export function closeTopModal(): boolean {
  const top = modals[modals.length - 1];
  if (top) closeModal(top.id);
  return top !== undefined;
}

/** Closes the modals opened on another history entry than `locationKey` (the page moved on). */
export function closeModalsNotOn(locationKey: string): void {
  if (modals.some((modal) => modal.locationKey !== locationKey)) {
    set(modals.filter((modal) => modal.locationKey === locationKey));
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: readonly OpenModal[] = [];

export function useOpenModals(): readonly OpenModal[] {
  return useSyncExternalStore(
    subscribe,
    () => modals,
    () => NONE,
  );
}
