import type { Page } from 'playwright-core';

/** A text whose contrast with what is behind it falls short of WCAG AA. */
export interface ContrastFault {
  text: string;
  ratio: number;
  needed: number;
  color: string;
  background: string;
}

/**
 * WCAG AA contrast of every visible text on the page, from the computed styles in the page: the
 * text's colour (`color`, or `fill` for SVG text) against the backgrounds behind it composited up
 * the ancestors (each colour turned into sRGB by a 1×1 canvas, so oklch and color-mix count as the
 * browser paints them). 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold). Skipped:
 * disabled controls (WCAG exempts them), screen-reader-only text, text over an image or gradient
 * (no single background to compare with). Returns the faults and how many texts were checked.
 */
export async function contrastFaults(page: Page): Promise<{ checked: number; faults: ContrastFault[] }> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#000';
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!)).concat(1);
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.slice(0, 3).map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const base = document.documentElement.classList.contains('dark') ? [18, 18, 18, 1] : [255, 255, 255, 1];
    /** The composited background behind `element`, or null over an image or gradient. */
    const backgroundOf = (element: Element): number[] | null => {
      const layers: number[][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const color = rgba(style.backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] >= 1) break;
      }
      return layers.reverse().reduce((below, layer) => over(layer, below), base);
    };
    const hidden = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return true;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
          return true;
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
      }
      return false;
    };
    const faults: {
      text: string;
      ratio: number;
      needed: number;
      color: string;
      background: string;
    }[] = [];
    let checked = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent?.trim()) continue;
      seen.add(element);
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE', 'OPTION'].includes(element.tagName)) continue;
      if (element.closest('[disabled], [aria-disabled="true"], title')) continue;
      if (hidden(element)) continue;
      const style = getComputedStyle(element);
      const svgText = element instanceof SVGElement;
      const color = rgba(svgText ? style.fill : style.color);
      const background = backgroundOf(element);
      if (!background || color[3] === 0) continue;
      const text = over(color, background);
      const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
      const ratio = (light! + 0.05) / (dark! + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      checked += 1;
      if (ratio < needed - 0.005)
        faults.push({
          text: node.textContent.trim().slice(0, 40),
          ratio: Math.round(ratio * 100) / 100,
          needed,
          color: svgText ? style.fill : style.color,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(' ')})`,
        });
    }
    return { checked, faults };
  });
}
