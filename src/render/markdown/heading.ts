/** A heading of a doc page, for its table of contents (ids are the anchors the renderer wrote). */
export interface DocHeading {
  depth: 2 | 3;
  id: string;
  text: string;
}
