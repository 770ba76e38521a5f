import type { CatalogEventKind, CatalogEventResult, ConsoleChangePreview } from '@trackwell/contracts';
import { useState } from 'react';
import { usePreviewCatalogChangeMutation, usePublishCatalogChangeMutation } from '../api/changes-api.ts';
import { CHANGE_FIELDS, eventOf, missingFields, newEventId } from './change-form.ts';
import { fieldErrorsOf } from './field-errors.ts';

/**
 * The change form's state: its kind, event id and values; the preview of exactly what is on screen (Publish
 * waits for it); the field errors (left empty here, or named by the server's 400); the published result.
 */
export function useChangeForm(code: string) {
  const [kind, setKindState] = useState<CatalogEventKind>('new_edition');
  const [eventId, setEventId] = useState(newEventId);
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [previewed, setPreviewed] = useState<{ json: string; answer: ConsoleChangePreview } | null>(null);
  const [published, setPublished] = useState<CatalogEventResult | null>(null);
  const [preview, previewState] = usePreviewCatalogChangeMutation();
  const [publish, publishState] = usePublishCatalogChangeMutation();
  const event = eventOf(kind, eventId, values);
  const json = JSON.stringify(event);
  const { errorOf, generalError, unmatched } = fieldErrorsFor(kind, missing, error);

  function change(path: string, value: string) {
    setValues((v) => ({ ...v, [path]: value }));
    setMissing((m) => m.filter((p) => p !== path));
  }
  function setKind(next: CatalogEventKind) {
    setKindState(next);
    setMissing([]);
    setError(null);
  }

  async function runPreview(): Promise<boolean> {
    setPublished(null);
    const empty = [...(eventId.trim() ? [] : ['id']), ...missingFields(kind, values)];
    setMissing(empty);
    setError(null);
    if (empty.length > 0) return false;
    const answer = await preview({ code, event });
    if ('error' in answer) {
      setError(answer.error);
      setPreviewed(null);
      return false;
    }
    setPreviewed({ json, answer: answer.data });
    return true;
  }

  async function runPublish(): Promise<boolean> {
    setError(null);
    const answer = await publish({ code, event });
    if ('error' in answer) {
      setError(answer.error);
      return false;
    }
    setPublished(answer.data);
    setPreviewed(null);
    setValues({});
    setEventId(newEventId());
    return true;
  }

  return {
    kind,
    setKind,
    eventId,
    setEventId: (id: string) => {
      setEventId(id);
      setMissing((m) => m.filter((p) => p !== 'id'));
    },
    values,
    change,
    errorOf,
    generalError,
    unmatched,
    preview: previewed?.json === json ? previewed.answer : null,
    stalePreview: previewed !== null && previewed.json !== json,
    published,
    busy: previewState.isLoading || publishState.isLoading,
    previewing: previewState.isLoading,
    publishing: publishState.isLoading,
    runPreview,
    runPublish,
  };
}

/**
 * The errors of the form's fields: left empty (`required`), or named by the server's 400 (a standard
 * reference as a whole, too); and the server's refusal when it names no field on screen.
 */
function fieldErrorsFor(kind: CatalogEventKind, missing: string[], error: unknown) {
  const serverErrors = fieldErrorsOf(error);
  const shown = new Set(['id', 'type', ...CHANGE_FIELDS[kind].map((f) => f.path)]);
  // A standard reference (the event's standard, a replacement) is one field: the server may name it whole.
  const refs = CHANGE_FIELDS[kind]
    .filter((f) => f.input === 'standard' || f.input === 'ref')
    .map((f) => f.path.split('.')[0]!);
  const errorOf = (path: string): string | 'required' | null => {
    if (missing.includes(path)) return 'required';
    if (serverErrors[path]) return serverErrors[path];
    const [head = '', tail] = path.split('.');
    if (tail === 'contentCode' && refs.includes(head))
      return serverErrors[head] ?? serverErrors[`${head}.assetId`] ?? null;
    return null;
  };
  const unmatched = Object.entries(serverErrors).filter(
    ([path]) => !shown.has(path) && !refs.some((ref) => path === ref || path.startsWith(`${ref}.`)),
  );
  const generalError =
    error && (Object.keys(serverErrors).length === 0 || unmatched.length > 0) ? error : null;
  return { errorOf, generalError, unmatched };
}
