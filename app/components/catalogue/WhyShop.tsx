const BLURBS = [
  { title: "Superfast Delivery", text: "Get your order delivered to your doorstep at the earliest from dark stores near you." },
  { title: "Best Prices & Offers", text: "Best price destination with offers directly from the manufacturers." },
  { title: "Wide Assortment", text: "Choose from 5000+ products across food, personal care, household & other categories." },
];

export function WhyShop() {
  return (
    <section aria-labelledby="why-title" className="grid gap-3">
      <h2 id="why-title" className="font-semibold">
        Why shop from FreshDash?
      </h2>
      <ul className="grid gap-3">
        {BLURBS.map((b) => (
          <li key={b.title} className="text-sm">
            <h3 className="font-medium">{b.title}</h3>
            <p className="text-neutral-600">{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
