// The board: a grid of dice to trace on (drag, tap by tap, or the keyboard), and paths drawn over it.

const SVG = "http://www.w3.org/2000/svg";

// A face as its die shows it: a capital by the board's language (Turkish "i" is "İ").
export function faceLabel(face, language) {
  if (!face) return "";
  return face[0].toLocaleUpperCase(language || undefined) + face.slice(1);
}

export function wordOf(faces, path) {
  return path.map((i) => faces[i]).join("");
}

function adjacent(cols, a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols];
  return a !== b && Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1;
}

// A path of dice spelling `word` (faces may be two letters), or null.
export function findPath(board, word) {
  const { rows, cols, faces } = board;
  const walk = (at, rest, path) => {
    if (!rest) return path;
    for (let i = 0; i < rows * cols; i++) {
      const face = faces[i];
      if (!face || path.includes(i) || !rest.startsWith(face)) continue;
      if (at !== null && !adjacent(cols, at, i)) continue;
      const found = walk(i, rest.slice(face.length), [...path, i]);
      if (found) return found;
    }
    return null;
  };
  return word ? walk(null, word.toLowerCase(), []) : null;
}

export class BoardView {
  constructor(grid, svg, onSubmit, onChange) {
    this.grid = grid;
    this.svg = svg;
    this.onSubmit = onSubmit; // (word, path) when a traced word is released or confirmed
    this.onChange = onChange; // (word) as the path grows or shrinks
    this.board = null;
    this.path = [];
    this.dragging = false;
    this.moved = false;
    this.locked = false;
    this.focus = 0;
    grid.addEventListener("pointerdown", (e) => this.down(e));
    grid.addEventListener("pointermove", (e) => this.move(e));
    grid.addEventListener("pointerup", (e) => this.up(e));
    grid.addEventListener("pointercancel", () => this.cancel());
    grid.addEventListener("keydown", (e) => this.key(e));
  }

  render(board) {
    const same = this.board && JSON.stringify(this.board) === JSON.stringify(board);
    this.board = board;
    this.path = [];
    if (same) return this.paint();
    this.grid.replaceChildren();
    this.grid.style.gridTemplateColumns = `repeat(${board.cols}, 1fr)`;
    this.grid.style.setProperty("--die", `${this.grid.clientWidth / board.cols || 60}px`);
    for (let r = 0; r < board.rows; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      for (let c = 0; c < board.cols; c++) {
        const i = r * board.cols + c;
        const face = board.faces[i];
        const die = document.createElement("div");
        die.className = face ? "die" : "die blank";
        die.dataset.i = i;
        die.setAttribute("role", "gridcell");
        die.setAttribute("aria-label", face ? faceLabel(face, board.language) : "·");
        die.setAttribute("aria-selected", "false");
        die.tabIndex = i === 0 ? 0 : -1;
        const span = document.createElement("span");
        if (face.length > 1) span.className = "two";
        span.textContent = faceLabel(face, board.language);
        die.append(span);
        row.append(die);
      }
      this.grid.append(row);
    }
    new ResizeObserver(() => this.grid.style.setProperty("--die", `${this.grid.clientWidth / board.cols}px`)).observe(this.grid);
    this.paint();
  }

  dice() { return [...this.grid.querySelectorAll(".die")]; }

  // Draw `path` (and light its dice); `hint` lights a typed word's dice in a softer colour.
  paint(path = this.path, hint = false) {
    this.dice().forEach((die, i) => {
      const on = path.includes(i);
      die.classList.toggle("on", on && !hint);
      die.classList.toggle("hint", on && hint);
      die.setAttribute("aria-selected", String(on));
    });
    this.svg.replaceChildren();
    if (path.length > 1 && this.board) {
      const frame = this.svg.getBoundingClientRect();
      const dice = this.dice();
      this.svg.setAttribute("viewBox", `0 0 ${frame.width} ${frame.height}`);
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute("stroke-width", String(frame.width / 40));
      line.setAttribute("points", path.map((i) => {
        const box = dice[i].getBoundingClientRect();
        return `${box.left - frame.left + box.width / 2},${box.top - frame.top + box.height / 2}`;
      }).join(" "));
      this.svg.append(line);
    }
  }

  show(path) { this.path = []; this.paint(path || []); }

  cellAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const die = el && el.closest && el.closest(".die");
    if (!die || die.classList.contains("blank")) return null;
    // Only the die's inner part counts while dragging, so a diagonal does not clip a neighbour.
    const box = die.getBoundingClientRect();
    const dx = x - (box.left + box.width / 2), dy = y - (box.top + box.height / 2);
    if (this.dragging && Math.hypot(dx, dy) > box.width * 0.45) return null;
    return Number(die.dataset.i);
  }

  // Extend with `i` if it is adjacent and unused; going back onto the previous die shortens.
  step(i) {
    const p = this.path;
    if (p.length >= 2 && p[p.length - 2] === i) { p.pop(); return true; }
    if (p.includes(i)) return false;
    if (p.length && !adjacent(this.board.cols, p[p.length - 1], i)) return false;
    p.push(i);
    return true;
  }

  changed() { this.paint(); this.onChange(wordOf(this.board.faces, this.path)); }

  down(e) {
    if (this.locked || !this.board) return;
    const i = this.cellAt(e.clientX, e.clientY);
    if (i === null) return;
    e.preventDefault();
    this.grid.setPointerCapture(e.pointerId);
    this.dragging = true;
    this.moved = false;
    this.pressed = i;
    const last = this.path[this.path.length - 1];
    if (this.path.length && (i === last || this.path.includes(i) || adjacent(this.board.cols, last, i))) return;
    this.path = [i]; // a new word starts here
    this.changed();
  }

  move(e) {
    if (!this.dragging) return;
    const i = this.cellAt(e.clientX, e.clientY);
    if (i === null || i === this.path[this.path.length - 1]) return;
    if (!this.moved && this.path[this.path.length - 1] !== this.pressed) this.path = [this.pressed];
    this.moved = true;
    if (this.step(i)) this.changed();
  }

  up(e) {
    if (!this.dragging) return;
    this.dragging = false;
    if (this.moved) return this.submit();
    this.tap(this.pressed);
  }

  cancel() { this.dragging = false; }

  // Tap by tap: an adjacent die extends, the previous shortens, the last one again sends.
  tap(i) {
    const p = this.path;
    if (p.length && p[p.length - 1] === i && this.tapped) return this.submit();
    this.tapped = true;
    if (!p.length || !this.step(i)) { if (!p.includes(i)) this.path = [i]; }
    this.changed();
  }

  submit() {
    const path = this.path;
    this.tapped = false;
    this.path = [];
    this.paint();
    if (path.length) this.onSubmit(wordOf(this.board.faces, path), path);
    this.onChange("");
  }

  clear() { this.path = []; this.tapped = false; this.changed(); }

  key(e) {
    if (!this.board) return;
    const { rows, cols } = this.board;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols };
    const target = Number(e.target.dataset && e.target.dataset.i);
    if (e.key in moves) {
      const next = target + moves[e.key];
      const sideways = e.key === "ArrowLeft" || e.key === "ArrowRight";
      if (next < 0 || next >= rows * cols || (sideways && Math.floor(next / cols) !== Math.floor(target / cols))) return;
      e.preventDefault();
      this.focusDie(next);
    } else if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      if (this.board.faces[target]) this.tap(target);
    } else if (e.key === "Escape") {
      this.clear();
    }
  }

  focusDie(i) {
    this.dice().forEach((d, j) => { d.tabIndex = j === i ? 0 : -1; });
    this.dice()[i].focus();
  }
}
