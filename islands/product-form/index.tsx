// Add to bag on the product page (first cut): posts the selected variant through the shared cart
// store, so the header count follows, and opens the cart panel on success.
import { useState } from 'react';
import { mountIsland } from '../../shared/islands/mount';
import { addToCart } from '../../shared/stores/cart';
import { t } from '../../shared/i18n';

type Props = { productId: number; variantId: number | null; available: boolean; preorder: boolean };

function ProductForm({ productId, variantId, available, preorder }: Props) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const add = async () => {
    if (!variantId) return;
    setPending(true);
    setError('');
    const result = await addToCart([{ productId, id: variantId }]);
    setPending(false);
    if (!result.ok) setError(result.message);
  };
  return (
    <div className="product-form">
      <button type="button" className="button button--primary" disabled={!available || pending || !variantId} onClick={add}>
        {preorder ? t('product.add_to_preorder') : t('product.add_to_bag')}
      </button>
      <p className="form-error" role="alert">{error}</p>
    </div>
  );
}

mountIsland('product-form', ProductForm);
