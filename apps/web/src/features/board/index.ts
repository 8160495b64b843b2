/** The shop-floor board (issue 36): a location's board links (admin) and the wall screen itself. */

export { BoardLinksPanel } from './components/board-links-panel';
export { BoardMessage, BoardScreen } from './components/board-screen';
