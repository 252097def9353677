// The bundle-size floor (RECIPES.md): React + react-dom + wouter + swr and nothing else,
// built with the same Vite and React plugin as the web app. `pnpm bench` compares against it.
import { createRoot } from 'react-dom/client';
import useSWR from 'swr';
import { Route, Switch } from 'wouter';

function Home() {
  const { data } = useSWR('floor', async () => 'ok');
  return <p>{data}</p>;
}

createRoot(document.getElementById('root')!).render(
  <Switch>
    <Route path="/" component={Home} />
  </Switch>,
);
