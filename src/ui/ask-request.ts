/**
 * A question handed from a page's form to the header's search dialog (its Ask mode): a DOM
 * event, so the form's owner and the dialog's know nothing of each other. Without a listener
 * (the app not running yet) nothing takes it and the form does what its HTML says.
 */
const askEvent = "meridian:ask";

/** True when the dialog took the question. */
export function requestAsk(question: string): boolean {
  const event = new CustomEvent<string>(askEvent, { detail: question, cancelable: true });
  document.dispatchEvent(event);
  return event.defaultPrevented;
}

/** Listens for questions handed over; returns the function that stops listening. */
export function onAskRequest(handler: (question: string) => void): () => void {
  const listener = (event: Event) => {
    event.preventDefault();
    handler((event as CustomEvent<string>).detail);
  };
  document.addEventListener(askEvent, listener);
  return () => document.removeEventListener(askEvent, listener);
}
