import { type FormEvent, useState } from "react";
import { useSubmit } from "react-router";
import { resizeImage } from "~/lib/resize-image";

/**
 * With JavaScript, the images chosen in `field` are scaled down in the browser before the form
 * is sent (a phone photo of 6 MB becomes a few hundred KB); without it, the plain multipart
 * form sends them as chosen. The server checks both the same way. `preparing` is true while
 * the images are being scaled.
 */
export function useResizedSubmit(field: string, maxSide: number) {
  const submit = useSubmit();
  const [preparing, setPreparing] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const files = form.getAll(field).filter((file): file is File => file instanceof File && file.size > 0);
    if (files.length === 0) return;
    event.preventDefault();
    setPreparing(true);
    form.delete(field);
    for (const [index, file] of files.entries()) {
      const resized = await resizeImage(file, maxSide);
      const name = `${field}-${index + 1}.${resized?.type === "image/webp" ? "webp" : "jpg"}`;
      if (resized) form.append(field, resized, name);
      else form.append(field, file);
    }
    setPreparing(false);
    await submit(form, {
      method: "post",
      action: formElement.getAttribute("action") ?? undefined,
      encType: "multipart/form-data",
    });
  }
  return { preparing, onSubmit };
}
