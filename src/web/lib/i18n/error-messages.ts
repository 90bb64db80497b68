/** The error screens' English texts (§2, §8), apart so the browser can have them without a whole catalog. */
export const errorMessagesEn = {
  notFoundTitle: "We can't find the page",
  notFoundText: "Unfortunately we can't find the page you are looking for.",
  title: 'Something went wrong ...',
  text: "We've noticed Internal Server Error while rendering this request.",
  home: 'Go to the home page',
  catalogFetch: 'An error occurred while fetching the product catalog. Please try again after sometime.',
};
