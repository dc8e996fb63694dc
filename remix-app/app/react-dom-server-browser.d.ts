// React's web-streams server build (entry.server.tsx): @types/react-dom declares its API under 'react-dom/server' only.
declare module 'react-dom/server.browser' {
  export { renderToReadableStream } from 'react-dom/server';
}
