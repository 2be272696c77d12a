/** The catalogue's /api shapes (spec section 3): `_id`, rupees, image lists, embedded category objects. */
import { paiseToRupees } from "~/lib/money";
import type { CardRow, CatalogueProduct, CategoryRef, SubCategoryWithParents } from "./rows.server";

export const serializeCategory = (c: CategoryRef) => ({ _id: c.id, name: c.name, image: c.image });

export const serializeSubCategory = (s: SubCategoryWithParents) => ({
  _id: s.id,
  name: s.name,
  image: s.image,
  category: s.categories.map((c) => ({ _id: c.id, name: c.name })),
});

export function serializeProduct(p: CatalogueProduct) {
  return {
    _id: p.id,
    name: p.name,
    image: p.images,
    category: p.categories.map(serializeCategory),
    subCategory: p.subCategories.map(serializeCategory),
    unit: p.unit,
    stock: p.stock,
    price: paiseToRupees(p.price),
    discount: p.discount,
    description: p.description,
    more_details: p.moreDetails,
    version: p.version,
    hsnCode: p.hsnCode,
    gstRate: p.gstRate,
    barcode: p.barcode,
  };
}

/** A product card (similar items): the spec's field names, one picture. */
export function serializeCard(c: CardRow) {
  return { _id: c.id, name: c.name, image: c.image ? [c.image] : [], unit: c.unit, stock: c.stock, price: paiseToRupees(c.price), discount: c.discount };
}
