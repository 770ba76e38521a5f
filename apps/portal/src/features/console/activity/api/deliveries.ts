import {
  CONSOLE_PATHS,
  type consoleChange,
  type consoleChangeDelivery,
  type consoleDeliveryMessage,
} from '@trackwell/contracts';
import type { z } from 'zod';
import { api } from '../../../../lib/api.ts';
import { silenceErrorToasts } from '../../../../lib/api-error-toasts.ts';
import { consolePath, type Page, withCursor } from './paths.ts';

export type ConsoleChange = z.infer<typeof consoleChange>;
export type ChangeDelivery = z.infer<typeof consoleChangeDelivery>;
export type DeliveryMessage = z.infer<typeof consoleDeliveryMessage>;
export type DailyCount = { day: string; sent: number; failed: number };

/** A store's changes with their deliveries, per day, one change's deliveries and e-mails. */
export const consoleDeliveriesApi = api
  .enhanceEndpoints({ addTagTypes: ['ConsoleChanges', 'ConsoleAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listConsoleChanges: build.query<Page<'changes', ConsoleChange>, { code: string; cursor?: string }>({
        query: ({ code, cursor }) => ({
          url: consolePath(CONSOLE_PATHS.storeChanges, code),
          params: { limit: 20, ...withCursor(cursor) },
        }),
        providesTags: ['ConsoleChanges'],
      }),
      getDailyDeliveries: build.query<DailyCount[], { code: string; from: string; to: string }>({
        query: ({ code, from, to }) => ({
          url: consolePath(CONSOLE_PATHS.storeDeliveriesDaily, code),
          params: { from, to },
        }),
        transformResponse: (body: { days: DailyCount[] }) => body.days,
        providesTags: ['ConsoleChanges'],
      }),
      listChangeDeliveries: build.query<
        Page<'deliveries', ChangeDelivery>,
        { code: string; id: string; cursor?: string }
      >({
        query: ({ code, id, cursor }) => ({
          url: consolePath(CONSOLE_PATHS.storeChangeDeliveries, code, { id }),
          params: { limit: 50, ...withCursor(cursor) },
        }),
        providesTags: ['ConsoleChanges'],
      }),
      getDeliveryMessage: build.query<DeliveryMessage, { code: string; deliveryId: string }>({
        query: ({ code, deliveryId }) => ({
          url: consolePath(CONSOLE_PATHS.storeDeliveryMessage, code, { deliveryId }),
        }),
        // Its `htmlUrl` works for ten minutes: not kept once the e-mail is closed (reopened: a fresh link).
        keepUnusedDataFor: 0,
      }),
      retryChange: build.mutation<{ id: string; requeued: number }, { code: string; id: string }>({
        query: ({ code, id }) => ({
          url: consolePath(CONSOLE_PATHS.storeChangeRetry, code, { id }),
          method: 'POST',
        }),
        invalidatesTags: ['ConsoleChanges', 'ConsoleAudit'],
      }),
    }),
  });

// The screen shows these failures in place, with "Try again"; a failed retry is toasted.
silenceErrorToasts('listConsoleChanges', 'getDailyDeliveries', 'listChangeDeliveries', 'getDeliveryMessage');

export const {
  useListConsoleChangesQuery,
  useGetDailyDeliveriesQuery,
  useListChangeDeliveriesQuery,
  useGetDeliveryMessageQuery,
  useRetryChangeMutation,
} = consoleDeliveriesApi;
