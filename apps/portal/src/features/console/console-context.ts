import type { ConsoleRole } from '@trackwell/contracts';
import { createContext, useContext } from 'react';

/** What every console screen may read: the signed-in user's console roles (from the access token). */
export type ConsoleContextValue = { roles: ConsoleRole[] };

export const ConsoleContext = createContext<ConsoleContextValue>({ roles: [] });

export const useConsole = () => useContext(ConsoleContext);
