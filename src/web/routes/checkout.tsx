import { Link } from 'react-router';
import { messages } from '../lib/messages.ts';
import { paths } from '../lib/paths.ts';

/** The checkout screen; the cart and the checkout steps arrive with the shopping and checkout features. */
export default function Checkout() {
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-2xl font-semibold">{messages.cartEmpty}</h1>
      <Link to={paths.catalog()} className="rounded-md bg-primary-strong px-5 py-2.5 font-semibold text-white">
        {messages.allProducts}
      </Link>
    </section>
  );
}
