import { createContext, useContext } from 'react';
import type { Playground } from '../state/playground.ts';

/** The playground the page shows; provided once by main.tsx. */
export const PlaygroundContext = createContext<Playground | null>(null);

/** The playground of the page. Throws outside the provider (a wiring bug). */
export function usePlayground(): Playground {
  const playground = useContext(PlaygroundContext);
  if (!playground) throw new Error('usePlayground: no PlaygroundContext provider above this component.');
  return playground;
}
