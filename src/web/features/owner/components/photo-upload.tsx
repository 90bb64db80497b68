import { useState, type DragEvent } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from '../../../../domain/images.ts';

/**
 * What the owner's upload areas share (issue 21, decision 036): the product's photos and
 * the shop front's pictures take files chosen with the same button or dropped on the area,
 * and refuse a file over the server's cap before sending it.
 */

/** Over the server's cap: refused here, before 50 MB cross a phone's connection. */
export const tooLarge = (file: File) => file.size > MAX_UPLOAD_BYTES;

/** An area files can be dropped on: whether some are held over it, and the handlers to put on it. */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    zone: {
      onDragOver: (e: DragEvent) => {
        e.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        setDragging(false);
        onFiles([...e.dataTransfer.files]);
      },
    },
  };
}

/** The area's border: dashed, marked while files are held over it. */
export const dropZoneClass = (dragging: boolean) =>
  `rounded-md border-2 border-dashed p-3 ${dragging ? 'border-primary-strong bg-slate-50' : 'border-slate-200'}`;

/**
 * "Choose photos" as a button as tall as a finger (44 px); the file input is inside its
 * label, so the label names it and a tap anywhere on it opens the phone's picker.
 */
export function PhotoFileButton({
  label,
  multiple = false,
  disabled,
  onFiles,
}: {
  label: string;
  multiple?: boolean;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <label
      className={`inline-flex min-h-11 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold focus-within:outline-2 focus-within:outline-primary-strong ${disabled ? 'cursor-not-allowed opacity-50' : ''}`}
    >
      {label}
      <input
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={multiple}
        disabled={disabled}
        // the chosen files are copied out before the input is emptied, so the same file can be chosen again
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          onFiles(files);
        }}
        className="sr-only"
      />
    </label>
  );
}
