import { createContext, useContext } from 'react';

/** The CSP nonce of the server response; empty in the browser, where no inline script is added. */
export const NonceContext = createContext('');

export const useNonce = () => useContext(NonceContext);
