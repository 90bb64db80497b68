import { createContext, useContext, type ReactNode } from 'react';
import type { TileProduct } from './components/product-tile.tsx';

/**
 * What a product tile offers under its price (the add-to-cart control). The app passes it
 * in from outside, so the catalog feature does not need to know the cart feature.
 */
export const TileActionContext = createContext<((product: TileProduct) => ReactNode) | null>(null);

export const useTileAction = () => useContext(TileActionContext);
