// dom: the element helpers every page shares (the table's pages and the
// console's), so that none defines its own.

// el makes a tag with a class (or "") and, when given, its text.
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// $ is the element with this id.
export function $(id) { return document.getElementById(id); }
