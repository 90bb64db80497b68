import { data } from 'react-router';

/** Any path no other route knows: the root error boundary shows the 404 screen. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
