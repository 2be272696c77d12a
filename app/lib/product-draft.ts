/** The product form as typed (strings, as the inputs hold them), shared by the form and its server. */
export interface ProductDraft {
  name: string;
  description: string;
  image: string[];
  category: string[];
  subCategory: string[];
  unit: string;
  stock: string;
  /** The default store's stock when the edit form was opened (decision 023): `stock` is set given it. */
  stockSeen: string;
  price: string;
  discount: string;
  /** GST (decision 031): HSN code ('' = not set) and rate in percent; absent from a form = kept. */
  hsnCode?: string;
  gstRate?: string;
  /** EAN-13 or UPC-A (decision 042); empty keeps the product's own (a new product is numbered by the store). */
  barcode?: string;
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
  stockSeen: "",
  price: "",
  discount: "0",
  hsnCode: "",
  gstRate: "5",
  barcode: "",
  fields: [],
};
