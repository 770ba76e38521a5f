import { describe, expect, it } from 'vitest';
import {
  COLUMN_DEFAULT_SIZE,
  COLUMN_MIN_SIZE,
  DEFAULT_PAGE_INDEX,
  DEFAULT_PAGE_SIZE,
  goToPageIndex,
  isGoToPageKey,
  PAGE_SIZES,
  pageCountOf,
} from './paging.ts';

const key = (k: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('table constants (spec §9)', () => {
  it('page sizes 10–50 by 10, default 10, page index 0, columns 150 wide and at least 20', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 40, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(DEFAULT_PAGE_INDEX).toBe(0);
    expect(COLUMN_DEFAULT_SIZE).toBe(150);
    expect(COLUMN_MIN_SIZE).toBe(20);
  });

  it('counts pages, at least one', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(50, 20)).toBe(3);
  });
});

describe('go-to-page input (spec §5)', () => {
  it('lets digits and editing keys through, and shortcuts', () => {
    for (const k of ['0', '5', '9', 'Backspace', 'Delete', 'Tab', 'ArrowLeft', 'ArrowRight', 'Home', 'End']) {
      expect(isGoToPageKey(key(k)), k).toBe(true);
    }
    expect(isGoToPageKey(key('v', { ctrlKey: true }))).toBe(true);
    expect(isGoToPageKey(key('a', { metaKey: true }))).toBe(true);
  });

  it('stops everything else', () => {
    for (const k of ['e', 'E', '-', '+', '.', ',', ' ', 'a', '٣'])
      expect(isGoToPageKey(key(k)), k).toBe(false);
  });

  it('goes to pages 1…count only (zero-based index out)', () => {
    expect(goToPageIndex('1', 4)).toBe(0);
    expect(goToPageIndex('4', 4)).toBe(3);
    expect(goToPageIndex('5', 4)).toBeUndefined();
    expect(goToPageIndex('0', 4)).toBeUndefined();
    expect(goToPageIndex('', 4)).toBeUndefined();
    expect(goToPageIndex('2.5', 4)).toBeUndefined();
    expect(goToPageIndex('-1', 4)).toBeUndefined();
  });
});
