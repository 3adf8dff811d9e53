export const STYLES = `
:root { font-family: system-ui, sans-serif; color: #1d1d1f; background: #fafafa; line-height: 1.5; }
body { margin: 0; }
a { color: #0b57d0; }
.skip-link { position: absolute; left: -999px; }
.skip-link:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem; }
.site-header { display: flex; justify-content: space-between; align-items: center; padding: 1rem 2rem; background: #fff; border-bottom: 1px solid #ddd; }
.site-header ul { display: flex; gap: 1.5rem; list-style: none; margin: 0; padding: 0; align-items: center; }
.brand { font-weight: 700; font-size: 1.25rem; text-decoration: none; }
.cart-status { margin: 0 2rem; min-height: 1.5rem; color: #146c2e; }
main { padding: 1rem 2rem; max-width: 60rem; }
.product-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 1rem; list-style: none; padding: 0; }
.product-card, .product-detail, .order-summary { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 1rem; }
.price { font-weight: 600; }
.inline-form { display: inline; }
.field { margin-bottom: 1rem; display: flex; flex-direction: column; max-width: 28rem; }
.field-invalid input, .field-invalid textarea { border: 2px solid #b3261e; }
.field-error, .error-summary { color: #b3261e; }
.error-summary { border: 2px solid #b3261e; padding: 0.5rem 1rem; margin-bottom: 1rem; background: #fff; }
table { border-collapse: collapse; margin-bottom: 1rem; }
th, td { text-align: left; padding: 0.5rem 1rem 0.5rem 0; }
.button, button { background: #0b57d0; color: #fff; border: 0; border-radius: 4px; padding: 0.5rem 1rem; cursor: pointer; text-decoration: none; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.site-footer { padding: 1rem 2rem; color: #666; }
`;
