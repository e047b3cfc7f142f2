// A grid over a route's checkpoints, so the ones near a position are found without
// scanning the route: the cost of a lookup depends on how often the route passes that
// spot, never on its length.
// Mirrors Sources/PacelineCore/Pacing/CheckpointIndex.swift: keep in step with it
// (Tests/e2e/test_follow_port.py compares the follow sessions built on both).

// A cell's key: row and column in one number, row * 2^21 + column (exact in a double). With
// 30 m cells rows stay within ±2^19 and columns within ±2^20, so keys are unique; with much
// smaller cells two far-apart cells could share a key, which only adds candidates that the
// session's distance check then drops (the 3 × 3 cells around a position never collide).
const ROW_STRIDE = 2 ** 21;

/** The grid index of a pace's checkpoints (objects with `latitude` and `longitude`). */
export class CheckpointIndex {
  #degreesPerCellNorth;
  #degreesPerCellEast;
  /** @type {Map<number, number[]>} */
  #cells = new Map();

  /**
   * Indexes `checkpoints` in cells of `cellSize` metres: a lookup searches the 3 × 3
   * cells around a position, so it finds every checkpoint within `cellSize` of it.
   * @param {{latitude: number, longitude: number}[]} checkpoints
   * @param {number} cellSize metres
   * Complexity: O(n).
   */
  constructor(checkpoints, cellSize) {
    const latitude = checkpoints.length > 0 ? checkpoints[0].latitude : 0;
    this.#degreesPerCellNorth = cellSize / 111_132;
    // Cells stay at least `cellSize` wide east-west over the whole route: the narrowest
    // longitude degree is at the latitude farthest from the equator.
    let farthest = checkpoints.length > 0 ? -Infinity : Math.abs(latitude);
    for (const checkpoint of checkpoints) farthest = Math.max(farthest, Math.abs(checkpoint.latitude));
    this.#degreesPerCellEast = cellSize / (111_320 * Math.max(Math.cos(Math.min(farthest + 0.5, 89.9) * Math.PI / 180), 1e-6));
    checkpoints.forEach((checkpoint, index) => {
      const key = this.#key(this.#row(checkpoint), this.#column(checkpoint));
      const cell = this.#cells.get(key);
      if (cell) cell.push(index); else this.#cells.set(key, [index]);
    });
  }

  /**
   * Indices (ascending) of the checkpoints in the cells around `coordinate`: a superset
   * of those within the cell size of it.
   * @param {{latitude: number, longitude: number}} coordinate
   * @returns {number[]}
   */
  candidates(coordinate) {
    const row = this.#row(coordinate), column = this.#column(coordinate);
    const found = [];
    for (let r = row - 1; r <= row + 1; r += 1) {
      for (let c = column - 1; c <= column + 1; c += 1) {
        const indices = this.#cells.get(this.#key(r, c));
        if (indices) for (const index of indices) found.push(index);
      }
    }
    return found.sort((a, b) => a - b);
  }

  #row(coordinate) { return Math.floor(coordinate.latitude / this.#degreesPerCellNorth); }
  #column(coordinate) { return Math.floor(coordinate.longitude / this.#degreesPerCellEast); }
  #key(row, column) { return row * ROW_STRIDE + column; }
}
