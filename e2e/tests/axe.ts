import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe's violations on the page, or on the part `include` names. A page of one frame is judged by axe.run in the
 * page itself (the builder's "legacy" mode): the same rules on the same document, without the default mode's
 * second step, which opens a blank page, loads axe into it again and merges the frames' results there (about
 * half of each check's time). A page with frames keeps the default mode, which judges every frame, cross-origin
 * ones too.
 */
export async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  if (page.frames().length === 1) builder.setLegacyMode();
  return (await builder.analyze()).violations;
}

/**
 * axe on the page, or on the part `include` names, once its transitions have ended. A button just enabled or a
 * hover just left is half-way between two colours for a moment (Bootstrap's `.btn` eases them over 0.15 s),
 * and axe would judge the contrast of a colour that is no state of the page: seen on a busy machine. Endless
 * animations (a spinner) are not waited for. The violations are listed by rule and element, so a failure
 * says where.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await axeViolations(page, include);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
