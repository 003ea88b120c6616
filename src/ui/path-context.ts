import { createContext, useContext } from "react";

/** The page's path with its query, for views that read their state from the address (forms after a plain post). */
export const PagePathContext = createContext<string>("/");

export const usePagePath = (): string => useContext(PagePathContext);
