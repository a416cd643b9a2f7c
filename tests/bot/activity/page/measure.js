// What test_views.py measures in the page, as the browser lays it out: every visible text
// whose contrast with the colour behind it is under 4.5:1 (WCAG 2's formula), every visible
// button smaller than 44 x 44 px, and how wide the document is.
() => {
  const channel = (v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (colour) => {
    const [r, g, b] = colour.match(/[\d.]+/g).slice(0, 3).map(Number).map(channel);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const transparent = (bg) => !bg || bg === 'transparent' || /rgba\(.*, 0\)$/.test(bg);
  const behind = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const style = getComputedStyle(n);
      // A mortgaged square's stripes: its darker stripe is the worst case.
      if (n.classList.contains('sq-box') && style.backgroundImage !== 'none') {
        return 'rgb(221, 214, 198)';
      }
      if (!transparent(style.backgroundColor)) return style.backgroundColor;
    }
    return getComputedStyle(document.body).backgroundColor;
  };
  const hasText = (node) => [...node.childNodes]
    .some((c) => c.nodeType === Node.TEXT_NODE && c.textContent.trim());
  const low = [];
  for (const node of document.querySelectorAll('body *')) {
    if (!hasText(node) || node.closest('[hidden], .visually-hidden')) continue;
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const a = luminance(getComputedStyle(node).color);
    const b = luminance(behind(node));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) low.push(`${node.textContent.trim().slice(0, 30)}: ${ratio.toFixed(2)}`);
  }
  const small = [];
  for (const button of document.querySelectorAll('button')) {
    const r = button.getBoundingClientRect();
    if (r.width && r.height && (r.width < 44 || r.height < 44)) {
      small.push(`${button.getAttribute('aria-label') || button.textContent}: ${r.width}x${r.height}`);
    }
  }
  return { low, small, wide: document.documentElement.scrollWidth };
}
