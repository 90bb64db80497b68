/** The answer to a call that does not exist, and to an owner's call from anyone else (it must look the same). */
export const API_NOT_FOUND = { error: 'not_found', message: 'There is no such API call.' } as const;
