/**
 * The sign-in page's parts as plain DOM (issue 37: no React on the first page), with MUI's look from
 * sign-in.css: icons, a spinner, outlined text fields with floating labels.
 */

/** Icons of @mui/icons-material (their SVG paths). */
export const ICON_PATHS = {
  visibility: 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  visibilityOff:
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  key: 'M21 10h-8.35C11.83 7.67 9.61 6 7 6c-3.31 0-6 2.69-6 6s2.69 6 6 6c2.61 0 4.83-1.67 5.65-4H13l2 2 2-2 2 2 4-4.04zM7 15c-1.65 0-3-1.35-3-3s1.35-3 3-3 3 1.35 3 3-1.35 3-3 3',
  errorOutline: 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  arrowDropDown: 'M7 10l5 5 5-5z',
} as const;

type Attributes = Record<string, string | boolean | undefined>;

/** An element with attributes (false/undefined left out, true as "") and children. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== false) element.setAttribute(name, value === true ? '' : value);
  element.append(...children);
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

export function icon(path: keyof typeof ICON_PATHS, className = ''): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', `si-icon ${className}`);
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('viewBox', '0 0 24 24');
  const shape = document.createElementNS(SVG, 'path');
  shape.setAttribute('d', ICON_PATHS[path]);
  svg.append(shape);
  return svg;
}

/** MUI's indeterminate CircularProgress. */
export function spinner(label: string): HTMLSpanElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '22 22 44 44');
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  const circle = document.createElementNS(SVG, 'circle');
  for (const [name, value] of Object.entries({ cx: '44', cy: '44', r: '20.2', fill: 'none', 'stroke-width': '3.6' })) circle.setAttribute(name, value);
  svg.append(circle);
  return el('span', { class: 'si-spinner', role: 'progressbar', 'aria-label': label }, svg);
}

let fields = 0;
/** A page-unique id for a label's `for`. */
export const fieldId = () => `si-field-${++fields}`;

export interface Field {
  root: HTMLDivElement;
  input: HTMLInputElement;
  setLabel(text: string): void;
}

/** An outlined text field with a floating label; `end` sits after the input (the show-password button). */
export function textField(options: { name: string; testId: string; autoComplete: string; type?: string; end?: Node; attributes?: Attributes }): Field {
  const id = fieldId();
  const label = el('label', { class: 'si-label', for: id });
  const legend = el('span');
  const input = el('input', {
    id,
    class: 'si-input',
    name: options.name,
    type: options.type,
    autocomplete: options.autoComplete,
    placeholder: ' ',
    'data-testid': options.testId,
    ...options.attributes,
  });
  const outline = el('fieldset', { 'aria-hidden': 'true', class: 'si-outline' }, el('legend', {}, legend));
  const inputRoot = el('div', { class: `si-input-root${options.end ? ' si-adorned' : ''}` }, input, ...(options.end ? [options.end] : []), outline);
  const root = el('div', { class: 'si-field' }, label, inputRoot);
  return {
    root,
    input,
    setLabel(text) {
      label.textContent = text;
      legend.textContent = text;
    },
  };
}

/** A password field with a show/hide toggle (as renderers/inputs/PasswordField.tsx). */
export function passwordField(options: { name: string; testId: string; autoComplete: string }): Field & { setToggleLabels(show: string, hide: string): void } {
  let shown = false;
  let labels = { show: '', hide: '' };
  const toggle = el('button', { type: 'button', class: 'si-icon-button' });
  const field = textField({ ...options, type: 'password', end: toggle, attributes: { maxlength: '1024' } });
  const paint = () => {
    const label = shown ? labels.hide : labels.show;
    toggle.setAttribute('aria-label', label);
    toggle.title = label;
    toggle.replaceChildren(icon(shown ? 'visibilityOff' : 'visibility'));
    field.input.type = shown ? 'text' : 'password';
  };
  toggle.addEventListener('click', () => {
    shown = !shown;
    paint();
  });
  return {
    ...field,
    setToggleLabels(show, hide) {
      labels = { show, hide };
      paint();
    },
  };
}

/** Whether the browser autofilled the input: Chrome hides that value from scripts until the user acts. */
export function isAutofilled(input: HTMLInputElement): boolean {
  try {
    return input.matches(':-webkit-autofill');
  } catch {
    // Engines without the pseudo-class throw on the selector.
    return false;
  }
}
