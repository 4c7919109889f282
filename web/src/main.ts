import { mount } from 'svelte';
// First, so that every component's scoped styles come after the shared ones.
import './styles/app.css';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
export default mount(App, { target });
