import { createContext, useContext } from 'react';
import type { CspNonce } from '../../domain/storefront-context.ts';

/** The CSP nonces of the server response; empty in the browser, where nothing inline is added. */
export const NonceContext = createContext<CspNonce>({ script: '', style: '' });

export const useNonce = () => useContext(NonceContext);
