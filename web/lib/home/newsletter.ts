import { api, NetworkError } from '../api/client.ts';
import { toast } from '../../stores/toast.ts';

/** Newsletter sign-up: sends the e-mail, then shows a confirmation in place of the form. */
export function initNewsletter(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form.parentElement?.querySelector<HTMLElement>('[data-newsletter-status]');
  if (!input || !button || !status) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!input.checkValidity()) {
      input.reportValidity();
      return;
    }
    button.disabled = true;
    try {
      // POST /newsletter stores the address once (DESIGN.md's decision for the sign-up the documents leave open).
      const answer = await api.post('/newsletter', { email: input.value.trim() });
      if (answer.status === 1) {
        status.textContent = answer.description || 'Thank you for subscribing!';
        status.dataset.state = 'success';
        form.reset();
      } else {
        status.textContent = answer.description;
        status.dataset.state = 'error';
      }
    } catch (error) {
      status.textContent = '';
      toast.error(error instanceof NetworkError ? 'Please check your connection and try again.' : 'Subscription failed. Please try again.');
    } finally {
      button.disabled = false;
    }
  });
}
