export interface Product {
  id: string;
  name: string;
  description: string;
  priceCents: number;
}

export const PRODUCTS: readonly Product[] = [
  {
    id: "blue-mug",
    name: "Blue Mug",
    description: "A 350 ml stoneware mug with a deep blue glaze.",
    priceCents: 1200,
  },
  {
    id: "green-teapot",
    name: "Green Teapot",
    description: "A one-litre cast iron teapot with a removable infuser.",
    priceCents: 3400,
  },
  {
    id: "linen-apron",
    name: "Linen Apron",
    description: "A washed linen apron with two deep pockets.",
    priceCents: 2800,
  },
  {
    id: "oak-coasters",
    name: "Oak Coasters",
    description: "A set of four oiled oak coasters.",
    priceCents: 1500,
  },
  {
    id: "enamel-kettle",
    name: "Enamel Kettle",
    description: "A two-litre enamel kettle for gas and induction hobs.",
    priceCents: 4500,
  },
  {
    id: "glass-carafe",
    name: "Glass Carafe",
    description: "A one-litre borosilicate carafe with a cork stopper.",
    priceCents: 2200,
  },
];

export function findProduct(id: string): Product | undefined {
  return PRODUCTS.find((product) => product.id === id);
}

const priceFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatPrice(cents: number): string {
  return priceFormat.format(cents / 100);
}
