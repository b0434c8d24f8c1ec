// What a person sees of the rule-variant lab: contrast of its words and whiskers against the page, controls
// that cover one another, choices cut off, the colour of the red suits. Evaluated in the page by Playwright.
() => {
  const lab = document.querySelector('.wisp-lab');
  const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const background = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const bg = background(lab);
  const texts = [...lab.querySelectorAll('.wisp-lab-bars text')].map((t) => contrast(rgb(getComputedStyle(t).fill), bg));
  const whiskers = [...lab.querySelectorAll('.wisp-lab-bars [data-interval]')].map((l) => contrast(rgb(getComputedStyle(l).stroke), bg));
  const labels = [...lab.querySelectorAll('.wisp-lab-row > span, .wisp-lab-name, .wisp-lab-changes, .wisp-lab-status')]
    .map((t) => contrast(rgb(getComputedStyle(t).color), bg));
  // Every control and its words: no two boxes overlap.
  const boxes = [...lab.querySelectorAll('.wisp-lab-controls .wisp-lab-row > *, .wisp-lab-controls select')]
    .map((n) => n.getBoundingClientRect()).filter((r) => r.width && r.height);
  let overlaps = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, b] = [boxes[i], boxes[j]];
    const inside = (p, q) => p.left >= q.left - 1 && p.right <= q.right + 1 && p.top >= q.top - 1 && p.bottom <= q.bottom + 1;
    if (inside(a, b) || inside(b, a)) continue; // a checkbox inside its label's row
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlaps++;
  }
  // Every choice's text fits its box (nothing cut off).
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [...lab.querySelectorAll('select')].filter((s) => {
    canvas.font = getComputedStyle(s).font;
    return canvas.measureText(s.selectedOptions[0].text).width + 20 > s.clientWidth;
  }).map((s) => s.dataset.control);
  const suits = Object.fromEntries([...lab.querySelectorAll('[data-control=suits] span')].map((s) => [s.textContent, rgb(getComputedStyle(s).color)]));
  return { count: texts.length + whiskers.length, background: bg, texts: Math.min(...texts), whiskers: Math.min(...whiskers), labels: Math.min(...labels),
           overlaps, cut, suits, right: Math.max(...boxes.map((b) => b.right)), width: lab.getBoundingClientRect().right,
           left: lab.getBoundingClientRect().left,
           widest: Math.max(...[...lab.querySelectorAll('*')].map((n) => n.getBoundingClientRect().right)) };
}
