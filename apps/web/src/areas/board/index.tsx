import { BoardPage } from './board-page';

export { BoardPage };
export const Component = BoardPage;
