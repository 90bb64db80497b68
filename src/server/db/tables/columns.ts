/** Column types named for schema.ts's conventions: `Bool` is a 0/1 integer, `Millis` UTC epoch milliseconds. */
export type Bool = number;
export type Millis = number;
