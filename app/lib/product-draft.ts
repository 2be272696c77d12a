/** The product form as typed (strings, as the inputs hold them), shared by the form and its server. */
export interface ProductDraft {
  name: string;
  description: string;
  image: string[];
  category: string[];
  subCategory: string[];
  unit: string;
  stock: string;
  /** Stock at the other active stores, as typed (the default store's is `stock`). */
  storeStock: { store: string; stock: string }[];
  price: string;
  discount: string;
  fields: { name: string; value: string }[];
}

export const EMPTY_DRAFT: ProductDraft = {
  name: "",
  description: "",
  image: [],
  category: [],
  subCategory: [],
  unit: "",
  stock: "",
  storeStock: [],
  price: "",
  discount: "0",
  fields: [],
};
