/** The search texts of §5, apart from the index so the message catalog can use them without loading search. */
export const searchMessages = {
  tooShort: 'Searched term should consist of at least 3 characters.',
  noResults: 'No results were found.',
} as const;
