import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type ProjectLinks, UNSET_LINKS } from './links';
import { readServerReady } from './server-ready';

/** The configured project links; unset until the server answered (or when it has none). */
export const ProjectLinksContext = createContext<ProjectLinks>(UNSET_LINKS);

export const useProjectLinks = (): ProjectLinks => useContext(ProjectLinksContext);

/** Reads the project links from GET /ready once and gives them to every page. */
export function ProjectLinksProvider({ children }: { children: ReactNode }) {
  const [links, setLinks] = useState<ProjectLinks>(UNSET_LINKS);
  useEffect(() => {
    let live = true;
    void readServerReady().then((answer) => {
      if (live && answer.kind === 'ready') setLinks(answer.links);
    });
    return () => {
      live = false;
    };
  }, []);
  return <ProjectLinksContext.Provider value={links}>{children}</ProjectLinksContext.Provider>;
}
