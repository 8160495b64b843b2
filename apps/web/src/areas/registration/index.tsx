/** product.md §2 registration: the four-step wizard and its done and error pages. */
export { Component } from './pages/registration-page';
