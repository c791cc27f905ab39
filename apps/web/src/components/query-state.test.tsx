import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoadingStatus, QueryState } from './query-state';

/** A query whose answers the test decides, one promise per fetch. */
function controlledQuery() {
  const answers: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const fetchValue = () =>
    new Promise<string>((resolve, reject) => {
      answers.push({ resolve, reject });
    });
  return { answers, fetchValue };
}

function Screen({ fetchValue }: { fetchValue: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['value'], queryFn: fetchValue, retry: false });
  return (
    <QueryState query={query} errorText="Could not load the value.">
      {(value) => <p>Value: {value}</p>}
    </QueryState>
  );
}

function renderScreen(fetchValue: () => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Screen fetchValue={fetchValue} />
    </QueryClientProvider>,
  );
}

describe('QueryState', () => {
  it('announces loading as a status, then shows the data', async () => {
    const { answers, fetchValue } = controlledQuery();
    renderScreen(fetchValue);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answers[0]!.resolve('forty-two');
    expect(await screen.findByText('Value: forty-two')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('reports a failure as an alert whose Retry fetches again and shows the data', async () => {
    const user = userEvent.setup({ delay: null });
    const { answers, fetchValue } = controlledQuery();
    renderScreen(fetchValue);
    answers[0]!.reject(new Error('boom'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the value.');
    expect(screen.queryByText(/^Value:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(answers).toHaveLength(2);
    // Nothing was shown before, so asking again is loading again.
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    answers[1]!.resolve('back');
    expect(await screen.findByText('Value: back')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports a failed refresh rather than showing the old data as if it were current', () => {
    const refetch = () => Promise.resolve();
    render(
      <QueryState query={{ isPending: false, isError: true, data: 'stale', refetch }} errorText="Could not load.">
        {(value) => <p>Value: {value}</p>}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load.');
    expect(screen.queryByText('Value: stale')).not.toBeInTheDocument();
  });

  it('offers the loading line on its own, for screens that wait on something else', () => {
    render(<LoadingStatus />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
