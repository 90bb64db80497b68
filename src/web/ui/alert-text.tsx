/** A problem in words, read out at once (role="alert"); nothing while there is none. `small` is the size beside a form's fields. */
export function AlertText({ message, small = false }: { message: string | null | undefined; small?: boolean }) {
  if (!message) return null;
  return (
    <p role="alert" className={small ? 'text-sm text-red-700' : 'text-red-700'}>
      {message}
    </p>
  );
}
